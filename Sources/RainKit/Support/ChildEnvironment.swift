/// The environment of a program rain starts (crontab, systemctl, notify-send, an `--exec`
/// command): this process's variables without `RAIN_API_KEY` and without any other variable
/// whose name or value holds the key in a form `KeyRedaction` knows (`MY_TOKEN=KEY`, a
/// `RAIN_BASE_URL` with the key in its path). No program rain runs needs the key; the only
/// way to make one is through this filter, so none is given it.
package struct ChildEnvironment: Sendable {
    package let variables: [String: String]

    /// `environment` filtered; `redaction` is nil when there is no key to hide.
    package init(_ environment: [String: String], hiding redaction: KeyRedaction?) {
        variables = environment.filter { name, value in
            name != "RAIN_API_KEY" && !(redaction.map { $0.holdsKey(name) || $0.holdsKey(value) } ?? false)
        }
    }

    /// These variables with `extra` set over them (rain's own, which hold no key).
    func merging(_ extra: [String: String]) -> [String: String] {
        variables.merging(extra) { $1 }
    }
}
