/// A value bound to a statement's parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    /// An optional Swift value: NULL when nil.
    static func int(_ value: Int?) -> SQLiteValue { value.map { .integer(Int64($0)) } ?? .null }
    static func double(_ value: Double?) -> SQLiteValue { value.map { .real($0) } ?? .null }
    static func string(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
}
