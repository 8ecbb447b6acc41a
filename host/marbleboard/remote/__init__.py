"""Remote play: one game shared by tables in two (or more) homes, through an MQTT
broker (docs/remote.md). The host's table runs the game (:mod:`.host`), the others
join it (:mod:`.guest`); what crosses the broker is sealed (:mod:`.envelope`),
numbered (:mod:`.stream`) and carried by one link per table (:mod:`.link`)."""
