import Foundation

/// One entry of a legend drawn at pixel positions (gnuplot's own key cannot
/// be laid out in one row at a fixed place reliably).
public struct LegendEntry {
    public enum Swatch {
        case fill(String)
        case outline(String)
        case line(String, width: Double)
        case dashed(String, width: Double)
        case dot(String)
    }
    public var swatch: Swatch
    public var text: String

    public init(swatch: Swatch, text: String) {
        self.swatch = swatch
        self.text = text
    }
}
