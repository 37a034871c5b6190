import Breath

extension Breathing {
    /// `lead` when a profile may have it: the first minutes within ``BreathLead/minutes``.
    ///
    /// - Throws: ``ProfileError/breathing(_:)`` naming what is accepted.
    package static func checked(lead: BreathLead) throws(ProfileError) -> BreathLead {
        if case let .firstMinutes(minutes) = lead, !BreathLead.minutes.contains(minutes) {
            throw .breathing(BreathPatternError(what: "lead", input: lead.name, reason: "it is not a part of the sit", accepted: BreathLead.acceptedForms))
        }
        return lead
    }
}
