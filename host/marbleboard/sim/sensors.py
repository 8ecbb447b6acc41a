"""The simulated board's sensor chips, each one part as bought: where its datasheet
gives a spread, this part's own figure is drawn within it.

A TMAG5170 (TI, SBASAF4) measures each axis with a sensitivity error, an offset
and noise (6.6 Magnetic Characteristics, 25 mT range, the limits ``parts.py``
adds up) and switches when a measured component leaves the window its setup
frames wrote (7.3.5.2, 7.6 X_THRX_CONFIG). The Tmag5170 model in
``board/tmag5170.py`` decides that from its registers; it is handed here the field
as this part measures it: ``B * (1 + gain error) + offset + noise``. Gain and
offset are drawn once per part and axis, uniformly within the datasheet's limits,
so each axis switches between ``as_switch``'s lowest and highest operate points;
the part has no hysteresis in switch mode, so it releases where it operates.
Noise is drawn at each conversion (one a chain read), and the output changes
only once ``THX_COUNT`` + 1 conversions in a row agree (7.3.6, ALERT_CONFIG).

A fixed hall switch (a DRV5033) has its operate and release points drawn within
its datasheet's limits (release under operate) and holds its output between them.

Only parts near their threshold are converted at every read: one further than
``NOISE_SIGMAS`` of its noise from switching either way is decided until its field
or its setup changes, which keeps a chain read of 294 sensors in microseconds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ..board.tmag5170 import ALERT_CONFIG, Tmag5170, frames
from .field import BoardField, Sensor

NOISE_SIGMAS = 5.0  # past this, a part's noise never flips it (6e-7 a conversion)
# A decided part is decided again only once its field has moved this far (the
# largest that leaves it decided, tried in turn): a marble put down 40 mm away
# moves most sensors' fields by less than the first.
SLACKS_MT = (2.0, 0.5, 0.1, 0.001)
GAIN_MAX = 1.1  # a part measures at most this much of a field change (6.6: 7.3 %)


class ThresholdChip:
    """One TMAG5170 set up as a switch."""

    def __init__(self, sensor: Sensor, rng: np.random.Generator):
        part = sensor.threshold
        assert part is not None
        self.sensor = sensor
        self.model = Tmag5170()
        self.gain = tuple((1 + rng.uniform(-part.gain_error, part.gain_error, 3)).tolist())
        self.offset = tuple(rng.uniform(-part.offset_mt, part.offset_mt, 3).tolist())
        self.noise_mt = part.noise_mt
        self.on = False  # ALERT asserted
        self.marginal = False  # near enough its threshold for noise to matter
        self.slack = 0.0  # how far its field may move (mT, any axis) and leave it decided
        self._measured = (0.0, 0.0, 0.0)
        self._run = 0  # conversions in a row that disagree with the output
        self.state: tuple[object, ...] = ()  # its setup when last decided

    def settle(self, b: Sequence[float]) -> None:
        """A new field, or a new setup: decide the output if noise cannot move it,
        and how far the field may move before it must be decided again."""
        g, o = self.gain, self.offset
        m = (b[0] * g[0] + o[0], b[1] * g[1] + o[1], b[2] * g[2] + o[2])
        self._measured = m
        noise = NOISE_SIGMAS * self.noise_mt
        for slack in SLACKS_MT:
            # Every window a setup writes holds zero (or nothing: the probe's), so
            # the alert is monotonic in each component's size, and the two extremes
            # of the noise (and slack) bound it.
            d = noise + slack * GAIN_MAX
            strongest = self.model.alert(tuple(x + d if x >= 0 else x - d for x in m))
            weakest = self.model.alert(tuple(max(x - d, 0.0) if x >= 0 else min(x + d, 0.0)
                                             for x in m))
            if strongest == weakest:
                self.on, self._run, self.marginal, self.slack = strongest, 0, False, slack
                return
        self.marginal, self.slack = True, 0.0

    def convert(self, rng: np.random.Generator) -> bool:
        """One noisy conversion of a marginal part: whether its output changed."""
        n = rng.normal(0.0, self.noise_mt, 3).tolist()
        m = self._measured
        raw = self.model.alert((m[0] + n[0], m[1] + n[1], m[2] + n[2]))
        if raw == self.on:
            self._run = 0
            return False
        self._run += 1
        if self._run < ((self.model.registers[ALERT_CONFIG] >> 4) & 3) + 1:
            return False
        self.on, self._run = raw, 0
        return True


class SwitchChip:
    """One fixed hall switch: it operates at ``bop`` and releases under ``brp``."""

    def __init__(self, sensor: Sensor, rng: np.random.Generator):
        part = sensor.part
        self.sensor = sensor
        self.bop = float(rng.uniform(part.bop_min_mt, part.bop_max_mt))
        self.brp = float(rng.uniform(part.brp_min_mt, min(part.brp_max_mt, self.bop)))
        self.on = False
        self.marginal = False
        self.slack = SLACKS_MT[-1]

    def settle(self, felt: float) -> None:
        if felt >= self.bop:
            self.on = True
        elif felt < self.brp:
            self.on = False


class SensorBank:
    """Every sensor chip of one built board, wired to its chain inputs: an input
    reads a magnet while any of its chips' outputs (open drain, wired together)
    is asserted."""

    def __init__(self, field: BoardField, groups: list[str], seed: int = 0):
        self.field = field
        rng = np.random.default_rng([seed, 1])
        self.noise = np.random.default_rng([seed, 2])
        self.threshold: list[ThresholdChip] = []
        self.switches: list[SwitchChip] = []
        self._chip_of: list[ThresholdChip | SwitchChip] = []
        self.groups: dict[int, list[ThresholdChip]] = {}  # chip select -> its chips
        for sensor in field.sensors:
            if sensor.threshold is not None:
                chip = ThresholdChip(sensor, rng)
                self.threshold.append(chip)
                self._chip_of.append(chip)
                if sensor.role in groups:
                    self.groups.setdefault(groups.index(sensor.role), []).append(chip)
            else:
                switch = SwitchChip(sensor, rng)
                self.switches.append(switch)
                self._chip_of.append(switch)
        self._index = {id(c): i for i, c in enumerate(self._chip_of)}
        self._settled = np.zeros_like(field.total)
        self._slack = np.zeros(len(self._chip_of))
        self._marginal: list[ThresholdChip] = []
        self.inputs: set[int] = set()  # chain inputs that read a magnet
        self.settle(range(len(self._chip_of)))

    def inputs_of(self, role: str | None = None) -> set[int]:
        return {s.input for s in self.field.sensors if role is None or s.role == role}

    def field_changed(self) -> None:
        """Pieces moved: decide again every chip whose field changed."""
        moved = np.abs(self.field.total - self._settled).max(axis=1) > self._slack
        self.settle(np.flatnonzero(moved).tolist())

    def settle(self, which: Iterable[int]) -> None:
        total = self.field.total
        for i in which:
            chip = self._chip_of[i]
            if isinstance(chip, ThresholdChip):
                chip.settle(total[i].tolist())
            else:
                chip.settle(self.field.felt(i))
            self._settled[i] = total[i]
            self._slack[i] = chip.slack
        self._marginal = [c for c in self.threshold if c.marginal]
        self._wire()

    def hear(self, group: int, data: bytes) -> None:
        """Setup frames on one chip select: every chip there hears them."""
        chips = self.groups.get(group, [])
        if not chips:
            return
        sent = frames(data)
        changed = []
        for chip in chips:
            for one in sent:
                chip.model.hear(one)
            # What its ALERT answers to: its registers, and a fault a test gave it
            # (which then shows within one setup period).
            state = (tuple(chip.model.registers.values()), getattr(chip.model, "fault", None))
            if state != chip.state:
                chip.state = state
                changed.append(chip)
        self._resettle(changed)

    def power_on(self, chips: Iterable[ThresholdChip]) -> None:
        """Chips whose supply dipped: they forget their setup."""
        chips = list(chips)
        for chip in chips:
            chip.model.power_on()
            chip.state = ()
        self._resettle(chips)

    def convert(self) -> None:
        """One conversion of every chip near its threshold."""
        if any([chip.convert(self.noise) for chip in self._marginal]):
            self._wire()

    def _resettle(self, chips: list[ThresholdChip]) -> None:
        if chips:
            self.settle(self._index[id(c)] for c in chips)

    def _wire(self) -> None:
        self.inputs = {chip.sensor.input for chip in self._chip_of if chip.on}
