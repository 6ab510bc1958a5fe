import RunResults

/// What a gate may fail a row on, by the row's role: the one rule that
/// `compare` against a baseline file and `compare --against history` share,
/// so the two cannot drift apart.
package enum GateRole: Sendable, Equatable {
    /// The floor (status `reference`): a measuring stick, not an engine to
    /// pick. Nothing about it fails; a move is reported, never gated.
    case floor
    /// The standard library's `difference(from:)`, the timing reference. Its
    /// search is the toolchain's code, specialized wherever the build puts it:
    /// its instruction count moved 1–4 % between rebuilds with no source
    /// change, so instructions only warn. Its time, memory and steps gate like
    /// any engine's (our part of its call, the changeset's assembly, is ours).
    case toolchain
    /// Every other engine: every measure gates.
    case engine

    /// The measures a gate judges, grouped as both gates group them.
    package enum Measure: Sendable, CaseIterable {
        case time, instructions, memory, steps
    }

    /// The role of `row`: floor by its status, toolchain by its engine's name.
    package init(_ row: ResultRow) {
        if row.status == .reference {
            self = .floor
        } else if row.engine == .stdlib {
            self = .toolchain
        } else {
            self = .engine
        }
    }

    /// Whether a value of `measure` outside its threshold or band fails the
    /// row (false: it only warns).
    package func gates(_ measure: Measure) -> Bool {
        switch self {
        case .floor: false
        case .toolchain: measure != .instructions
        case .engine: true
        }
    }
}
