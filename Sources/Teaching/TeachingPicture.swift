import Rendering

/// A picture drawn by gnuplot: its data file and its script, written side by
/// side as `name.dat` and `name.gp`, rendered to `name.png`.
struct TeachingPicture {
    var name: String
    var data: String
    var script: String
    /// One sentence under the picture in the index.
    var caption: String

    var png: String { name + ".png" }
    var dataFile: String { name + ".dat" }
    var scriptFile: String { name + ".gp" }
}
