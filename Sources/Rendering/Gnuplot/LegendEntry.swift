import Foundation

/// One entry of a legend drawn at pixel positions (gnuplot's own key cannot
/// be laid out in one row at a fixed place reliably).
package struct LegendEntry {
    package enum Swatch {
        case fill(String)
        case outline(String)
        case line(String, width: Double)
        case dashed(String, width: Double)
        case dot(String)
    }
    package var swatch: Swatch
    package var text: String

    package init(swatch: Swatch, text: String) {
        self.swatch = swatch
        self.text = text
    }
}
