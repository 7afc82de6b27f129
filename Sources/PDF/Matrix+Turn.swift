import Foundation

extension Matrix {
    /// The matrix that turns user space by `degrees` clockwise (as the page is seen, y up)
    /// about the point (`x`, `y`): a page's content straightened about its crop box's centre.
    public static func turn(clockwiseDegrees degrees: Double, aboutX x: Double, y: Double) -> Matrix {
        let radians = degrees * .pi / 180
        let cosine = cos(radians), sine = sin(radians)
        // Rotation by -θ (clockwise in a y-up space), moved so that (x, y) stays where it is.
        return Matrix(cosine, -sine, sine, cosine, x - cosine * x - sine * y, y + sine * x - cosine * y)
    }
}
