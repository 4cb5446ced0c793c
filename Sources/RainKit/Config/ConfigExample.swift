/// The example configuration: every key with its default. `rain config init` writes it, and the
/// repository's `config.example.json` is this text (a test keeps the two the same).
public enum ConfigExample {
    public static let text = """
    {
      "provider": "darksky",
      "base_url": "https://api.pirateweather.net/forecast/",
      "api_key": null,
      "api_key_file": null,
      "api_key_in": "path",
      "units": "si",
      "language": "en",
      "refresh_interval_minutes": 30,
      "timeout_seconds": 30,
      "max_concurrent_requests": 6,
      "ca_file": null
    }

    """
}
