/// What a manual page has beyond the commands' own help: environment, files and examples.
/// Kept beside the command tables, which give everything else.
enum ManualSections {
    static let environment: [(name: String, meaning: String)] = [
        ("RAIN_HOME", "Keep everything under this folder: config.json, defaults.json and cache/."),
        ("RAIN_CONFIG", "The configuration file (--config wins over it)."),
        ("RAIN_API_KEY", "The API key; it wins over api_key_file and api_key in the configuration."),
        ("RAIN_BASE_URL", "The forecast API's base URL, instead of base_url."),
        ("RAIN_OPENMETEO_URL", "Where Open-Meteo forecasts come from, instead of openmeteo_url."),
        ("RAIN_GEOCODING_URL", "Where 'rain locations add NAME' looks names up, instead of geocoding_url."),
        ("RAIN_IP_LOCATION_URL", "Where 'rain locations add --here' asks for this machine's place, instead of ip_location_url."),
        ("RAIN_NWS_URL", "The US National Weather Service's alert feed, instead of nws_url."),
        ("RAIN_METALERTS_URL", "MET Norway's alert feed (MetAlerts), instead of metalerts_url."),
        ("RAIN_AIR_QUALITY_URL", "Where the air quality and pollen come from, instead of air_quality_url."),
        ("RAIN_ENSEMBLE_URL", "Where 'rain show --spread' asks for the ensemble's runs, instead of ensemble_url."),
        ("https_proxy, HTTPS_PROXY", "The proxy for an https:// URL (then all_proxy), as libcurl reads it; 'rain config show' names the one in use."),
        ("http_proxy", "The proxy for an http:// URL (then all_proxy)."),
        ("all_proxy, ALL_PROXY", "The proxy for any URL the two above leave out."),
        ("no_proxy, NO_PROXY", "Hosts reached directly, without a proxy."),
        ("XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME", "Where the configuration, the saved places and the cache go (absolute paths only)."),
        ("HOME", "The home folder; when unset, the one the password database gives."),
        ("NO_COLOR", "When set to a non-empty value, no colour, whatever --color says."),
        ("TERM", "No colour on a dumb terminal unless --color always."),
        ("COLUMNS", "The width to fit output to when standard output is not a terminal."),
        ("LC_ALL, LC_CTYPE, LANG", "A locale whose character set is not UTF-8 (such as C) means ASCII output, as with --ascii."),
    ]

    static func files(documentFolder: String) -> [(path: String, meaning: String)] {
        [
            ("~/.config/rain/config.json", "The configuration ($XDG_CONFIG_HOME/rain/config.json), at most 1 MB."),
            ("~/.local/share/rain/defaults.json", "The saved places and the current location ($XDG_DATA_HOME/rain/defaults.json), at most 16 MB."),
            ("~/.cache/rain/forecasts/", "One cached forecast per place ($XDG_CACHE_HOME/rain/forecasts/), at most 8 MB each."),
            ("api_key_file, ca_file", "Files the configuration names: a key file of at most 4 KB, a CA bundle of at most 16 MB. rain reads every file only when it is a regular file (or a link to one) within its limit."),
            (documentFolder + "/config.example.json", "Every configuration key with its default."),
            ("~/.config/systemd/user/rain.service, rain.timer", "The units 'rain timer --install' writes ($XDG_CONFIG_HOME/systemd/user/)."),
            ("~/.local/state/rain/notified.json", "The notifications sent, so each goes out once ($XDG_STATE_HOME/rain/notified.json), at most 4 MB; events older than two days are forgotten."),
            ("~/.local/state/rain/quota.json", "A quota the forecast provider said was used up, and until when; an alert feed's Retry-After ($XDG_STATE_HOME/rain/quota.json): no refresh asks them before then. Delete it to ask anyway."),
            ("~/.local/state/rain/alert-polls.json", "When MetAlerts was asked for a place whose forecast failed ($XDG_STATE_HOME/rain/alert-polls.json), so MET is asked at most every 10 minutes through a forecast outage; kept an hour."),
            (documentFolder + "/forecast-json.md", "The JSON document 'rain show --json' prints, field by field."),
            (documentFolder + "/notify-json.md", "The events 'rain notify --json' prints and '--exec' commands read."),
        ]
    }

    static let examples: [(command: String, meaning: String)] = [
        ("rain locations add Berlin", "Look a place up (Open-Meteo, no key needed) and save it; the first one becomes the current location."),
        ("rain", "Show the current location's forecast."),
        ("rain locations add Home --lat 52.52 --lon 13.405", "Save a place by its coordinates."),
        ("rain tokyo", "Show a saved place's forecast (rain show tokyo)."),
        ("rain refresh --all", "Fetch every saved place's forecast."),
        ("rain cron --install", "Keep the cache fresh from cron, and send notifications."),
        ("rain timer --install", "The same with a systemd user timer: a desktop notification before it rains, once."),
        ("rain notify --dry-run", "Say what 'rain notify' would send now."),
        ("rain show --format '{icon} {temp} {place}'", "One line from the cache, for a status bar."),
        ("rain locations remove -i", "Pick places to remove from a list."),
    ]
}
