/// Marks `message` for `make pot` where it is named before it is translated (a table of
/// names); gettext's `N_`. It returns `message` as it is.
package func N_(_ message: String) -> String { message }
