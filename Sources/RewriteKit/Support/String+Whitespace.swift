extension String {
    /// The string without leading and trailing spaces and tabs (HTTP's optional whitespace,
    /// and the blanks around a template variable, a stream field or a HAR value).
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
