"""Remote play: one game shared by tables in two (or more) homes, through an MQTT
broker. This package holds what crosses the broker: each message sealed with the
game's secret (:mod:`.envelope`) and numbered, kept until acknowledged, applied
once and in order (:mod:`.stream`)."""
