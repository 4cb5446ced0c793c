/// The example configuration: every key with its default. `rain config init` writes it, and the
/// repository's `config.example.json` is this text (a test keeps the two the same).
public enum ConfigExample {
    public static let text = """
    {
      "provider": "auto",
      "base_url": "https://api.pirateweather.net/forecast/",
      "openmeteo_url": "https://api.open-meteo.com/v1/forecast",
      "geocoding_url": "https://geocoding-api.open-meteo.com/v1/search",
      "ip_location_url": "https://ifconfig.co/json",
      "nws_url": "https://api.weather.gov/alerts/active",
      "metalerts_url": "https://api.met.no/weatherapi/metalerts/2.0/current.json",
      "air_quality": true,
      "air_quality_url": "https://air-quality-api.open-meteo.com/v1/air-quality",
      "aqi_scale": "auto",
      "ensemble": false,
      "ensemble_url": "https://ensemble-api.open-meteo.com/v1/ensemble",
      "ensemble_model": "auto",
      "alerts_contact": null,
      "api_key": null,
      "api_key_file": null,
      "api_key_in": "path",
      "units": "si",
      "temperature_unit": null,
      "wind_unit": null,
      "precipitation_unit": null,
      "pressure_unit": null,
      "distance_unit": null,
      "clock": "auto",
      "language": null,
      "refresh_interval_minutes": 30,
      "timeout_seconds": 30,
      "max_concurrent_requests": 6,
      "ca_file": null,
      "notify": {
        "within_minutes": 60,
        "min_intensity": "light",
        "probability": 70,
        "places": "current",
        "quiet_hours": null,
        "exec_timeout": 60
      }
    }

    """
}
