// The simulator is being written; see the ForecastSimulator work.
enum ForecastSimulatorPlaceholder {}
