extension String {
    /// "Moderate" for "moderate": the first character upper-cased, the rest as it is.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
