// An emulated Raspberry Pi Pico (rp2040js) running stock MicroPython and our
// firmware, driven by host/marbleboard/sim/emulated.py over stdin and stdout.
//
//   node pico.mjs --bootrom B1.bin --uf2 micropython.uf2 --fs littlefs.img
//                 --spi 0 --load 17 --cs 7,8
//
// One message a line each way, payloads in hex:
//   in:  "usb <hex>"    bytes the host sends down the USB serial line
//        "chain <hex>"  what the 74HC165 chain shifts out from the next latch on
//        "stats"        ask for a "stats" line now
//        "hang"         the CPU stops executing while the clocks and the watchdog
//                       run on, as firmware stuck in a loop looks from outside
//        "reset"        the RUN pin pulled low: a fresh chip with the same flash
//   out: "usb <hex> <us>"  bytes the Pico wrote to its USB serial line, and the
//                       simulated microseconds since boot when it wrote them
//        "chain <us>"   the simulated time a new "chain" took effect
//        "sensors <group> <hex>"  the bytes clocked out while a group's chip select
//                       was low (--cs lists them): one setup frame, for the Python
//                       side's sensor model
//        "leds <hex> <us>"  one WS2812 frame (G, R, B per LED) taken from the PIO's
//                       FIFO, and the simulated microseconds from its first word to its last
//        "boot n=<boots> reason=<watchdog reason register>"
//        "watchdog"     the watchdog fired: a fresh chip boots with the same flash
//        "stats cycles=<n> sim_ms=<n> wall_ms=<n> scans=<latches since boot>"
//
// Everything else (the pty, marbles, LED colours) lives on the Python side.

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ConsoleLogger, LogLevel, RP2040, USBCDC } from 'rp2040js';

const { values: args } = parseArgs({
  options: {
    bootrom: { type: 'string' },
    uf2: { type: 'string' },
    fs: { type: 'string' },
    spi: { type: 'string', default: '0' },
    load: { type: 'string', default: '17' },
    cs: { type: 'string', default: '' },
  },
});

const FLASH_BASE = 0x10000000;
const FS_OFFSET = 0xa0000; // where MicroPython's RPI_PICO build keeps its littlefs
const WATCHDOG = 0x40058; // rp2040js keys its peripherals by address >> 12
const PIO_TXF0 = 0; // our LED chain: PIO0, state machine 0
const WAIT_TX_FIFO = 3; // rp2040js's WaitType: a pull, or an out with autopull,
const WAIT_OUT = 5; // waiting for a word in the TX FIFO
const FRAME_GAP_NS = 100_000; // FIFO silent this long: the frame is complete
const SLICE_MS = 20; // wall time the emulator runs between looks at stdin

const bootrom = new Uint32Array(new Uint8Array(readFileSync(args.bootrom)).buffer);
const flash = flashImage(readFileSync(args.uf2), args.fs ? readFileSync(args.fs) : null);

// rp2040js does not emulate the flash chip's erase and program commands, so the
// boot ROM's flash_range_erase and flash_range_program, which MicroPython calls
// to write its filesystem, are done here instead: when the CPU reaches one, the
// flash changes as the chip's would and the function returns. The functions are
// found by their codes in the ROM's function table (RP2040 datasheet 2.8.3,
// "Bootrom Contents": a 16-bit pointer at 0x14 to pairs of a two-letter code and
// a 16-bit address). The flash is kept across resets, as a chip's is.
const romFunctions = (() => {
  const rom = new DataView(bootrom.buffer);
  const found = {};
  for (let at = rom.getUint16(0x14, true); rom.getUint16(at, true); at += 4) {
    const code = rom.getUint16(at, true);
    found[String.fromCharCode(code & 0xff, code >> 8)] = rom.getUint16(at + 2, true) & ~1;
  }
  return found;
})();
const FLASH_ERASE = romFunctions.RE; // (offset, count, block size, block command)
const FLASH_PROGRAM = romFunctions.RP; // (offset, data, count)
let flashWrites = 0;

function flashRom(core) {
  const [r0, r1, r2] = core.registers;
  if (core.PC === FLASH_ERASE) {
    flash.fill(0xff, r0, r0 + r1);
    mcu.flash.fill(0xff, r0, r0 + r1);
  } else {
    for (let i = 0; i < r2; i++) {
      // Programming only clears bits, as NOR flash does.
      const byte = flash[r0 + i] & mcu.readUint8(r1 + i);
      flash[r0 + i] = byte;
      mcu.flash[r0 + i] = byte;
    }
  }
  flashWrites += 1;
  core.PC = core.LR & ~1; // return to the caller, as the function would
}

// The host's bytes wait here until MicroPython arms its OUT endpoint and asks.
let toPico = [];
let chain = new Uint8Array(0);
let scans = 0; // latches of the sensor chain: the firmware's loop passes
let boots = 0;
let hung = false; // the CPU executes nothing until the next boot
let mcu, cdc, pio, clockNanos, nanosPerCycle;

function send(line) {
  process.stdout.write(line + '\n');
}

function hex(bytes) {
  return Buffer.from(bytes).toString('hex');
}

// Flash as a real Pico has it after dragging the UF2 and copying the files:
// erased (0xFF), the UF2 blocks at their addresses, the filesystem at 0xA0000
// (a ready-made littlefs image, or the one-file UF2's own blocks). MicroPython
// then writes it as on a chip, through the boot ROM functions above.
function flashImage(uf2, fs) {
  const image = new Uint8Array(2 * 1024 * 1024).fill(0xff);
  const view = new DataView(uf2.buffer, uf2.byteOffset, uf2.byteLength);
  for (let at = 0; at + 512 <= uf2.length; at += 512) {
    if (view.getUint32(at, true) !== 0x0a324655 || view.getUint32(at + 4, true) !== 0x9e5d5157) {
      throw new Error(`${args.uf2}: block ${at / 512} is not a UF2 block`);
    }
    const address = view.getUint32(at + 12, true) - FLASH_BASE;
    const size = view.getUint32(at + 16, true);
    image.set(uf2.subarray(at + 32, at + 32 + size), address);
  }
  if (fs) {
    image.set(fs, FS_OFFSET);
  }
  return image;
}

// A fresh chip: what a power-up or a watchdog reset gives. Only the flash and
// the watchdog's reason and scratch registers survive a reset.
function boot(reason = 0, scratch = null) {
  boots += 1;
  mcu = new RP2040();
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(bootrom); // also resets the chip and erases the flash
  mcu.flash.set(flash);
  const watchdog = mcu.peripherals[WATCHDOG];
  watchdog.reason = reason;
  if (scratch) {
    watchdog.scratchData.set(scratch);
  }
  watchdog.onWatchdogTrigger = () => resetSoon(watchdog);
  mcu.core.PC = FLASH_BASE; // into boot2, as the boot ROM would jump
  nanosPerCycle = 1e9 / mcu.clkSys;
  clockNanos = 0;
  scans = 0;
  hung = false;
  wireUsb();
  wireSensors();
  wirePio();
  send(`boot n=${boots} reason=${reason}`);
}

// rp2040js does not emulate the inter-core FIFO (SIO 0x50 and 0x58) and warns on
// every read of it. MicroPython reads it now and then and works with what the
// emulator answers (making it read as empty broke the raw REPL), so the warning
// says nothing new: keep it out of the benchmarks' and tests' output.
const FIFO_WARNING = /^Read from invalid SIO address: (50|58)$/;
const warn = console.warn;
console.warn = (message, ...rest) => {
  if (!FIFO_WARNING.test(String(message))) {
    warn(message, ...rest);
  }
};

// The emulator only calls this hook and leaves the chip running; its alarm
// would fire again at the same instant for ever unless it is stopped.
let pendingReset = null;
let halted = false; // stop the run loop at once: the chip is being reset
function resetSoon(watchdog) {
  watchdog.alarm.enable = false;
  watchdog.timer.enable = false;
  pendingReset = { reason: watchdog.reason, scratch: watchdog.scratchData.slice() };
  halted = true;
  send('watchdog');
}

// USB CDC, with one change to what the emulated host does: as shipped it
// answers every armed OUT endpoint at once, with an empty packet if it has
// nothing, and MicroPython re-arms at once: an interrupt storm that costs it
// 2.5x its speed. A real host sends nothing until it has data, so the armed
// endpoint is held here until bytes come.
let armedOut = 0; // the size MicroPython asked for, 0 while not armed

function wireUsb() {
  toPico = [];
  armedOut = 0;
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (data) => send(`usb ${hex(data)} ${Math.round(clockNanos / 1000)}`);
  mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
    if (endpoint === cdc.outEndpoint) {
      armedOut = size;
      feedUsb();
    }
  };
}

function feedUsb() {
  if (!armedOut || !toPico.length) {
    return;
  }
  const packet = Uint8Array.from(toPico.splice(0, armedOut));
  armedOut = 0;
  mcu.usbCtrl.endpointReadDone(cdc.outEndpoint, packet);
}

// The sensor chain: 74HC165s latch their inputs while SH/LD is low and then
// shift them out byte by byte. rp2040js's SPI works a byte at a time, so each
// byte the firmware clocks out is answered with the next latched byte.
function wireSensors() {
  const spi = mcu.spi[Number(args.spi)];
  let latched = chain;
  let next = 0;
  mcu.gpio[Number(args.load)].addListener((state) => {
    if (state === 0) {
      scans += 1;
      latched = chain;
      next = 0;
    }
  });
  // The sensors' setup shares the bus: bytes sent while their chip select is low
  // are theirs (the registers shift meanwhile, and are loaded afresh before a read).
  let toSensors = null;
  const pins = args.cs ? args.cs.split(',').map(Number) : [];
  pins.forEach((pin, group) => {
    mcu.gpio[pin].addListener((state) => {
      if (state === 0 && toSensors === null) {
        toSensors = [];
      } else if (state === 1 && toSensors !== null) {
        if (toSensors.length) send(`sensors ${group} ${Buffer.from(toSensors).toString('hex')}`);
        toSensors = null;
      }
    });
  });
  spi.onTransmit = (value) => {
    if (toSensors !== null) toSensors.push(value);
    // Past the chain's end the last register shifts in its serial input, tied high.
    spi.completeTransmit(next < latched.length ? latched[next++] : 0xff);
  };
}

// PIO: rp2040js steps every state machine 1,000 instructions per Node timer
// tick, whatever the clock divider, so an LED frame took simulated time that
// had nothing to do with the real chain and the firmware's watchdog starved.
// Here each running state machine is stepped in the CPU loop at its divider,
// counting each instruction's delay cycles, and a machine stalled on an empty
// FIFO is left alone until a word arrives (the FIFO write wakes it itself).
let cycles = 0; // CPU cycles since boot
let allCycles = 0; // CPU cycles since the emulator started, across resets
const smNext = []; // per machine of PIO0: the CPU cycle of its next step
let pioNext = Infinity;
let ledBytes = [];
let ledFirstNanos = 0;
let ledLastNanos = 0;

function wirePio() {
  pio = mcu.pio[0];
  cycles = 0;
  pioNext = Infinity;
  ledBytes = [];
  pio.machines.forEach((sm, i) => {
    smNext[i] = Infinity;
    const write = sm.writeFIFO.bind(sm);
    sm.writeFIFO = (value) => {
      write(value);
      if (i === PIO_TXF0) {
        // Shifted out left, eight bits a pull: the colour byte is the word's top byte
        // (a byte written by DMA lands in all four lanes).
        if (!ledBytes.length) {
          ledFirstNanos = clockNanos;
        }
        ledBytes.push(value >>> 24);
        ledLastNanos = clockNanos;
      }
      wake(i);
    };
  });
  pio.run = () => {
    // rp2040js calls this when a machine is enabled: instead of its own timer
    // loop, the machines are stepped from the run loop below.
    pio.stopped = false;
    pio.machines.forEach((_sm, i) => wake(i));
  };
  mcu.pio[1].run = () => {}; // unused by the firmware: never stepped
}

function wake(i) {
  smNext[i] = Math.min(smNext[i], cycles);
  pioNext = Math.min(pioNext, smNext[i]);
}

function stepPio() {
  pioNext = Infinity;
  pio.machines.forEach((sm, i) => {
    if (!sm.enabled) {
      smNext[i] = Infinity;
      return;
    }
    const div = (sm.clockDivInt || 65536) + sm.clockDivFrac / 256;
    while (smNext[i] <= cycles) {
      const before = sm.cycles;
      sm.step();
      if (sm.waiting && (sm.waitType === WAIT_TX_FIFO || sm.waitType === WAIT_OUT) && sm.txFIFO.empty) {
        smNext[i] = Infinity; // stalled on its FIFO: writeFIFO wakes it
        break;
      }
      smNext[i] += Math.max(1, sm.cycles - before) * div;
    }
    pioNext = Math.min(pioNext, smNext[i]);
  });
  pio.checkChangedPins();
}

// The run loop: CPU, clock and PIO together, in slices of wall time between
// which Node reads stdin.
const wallStart = Date.now();
function runSlice() {
  const until = performance.now() + SLICE_MS;
  const { core, clock } = mcu;
  let idle = false;
  while (!halted && !idle && performance.now() < until) {
    for (let i = 0; i < 20_000 && !halted; i++) {
      let n;
      if (hung) {
        // Nothing runs, but time passes: up to the next alarm (the watchdog's
        // among them), at most 1 ms at a time so stdin is still read.
        const nanos = clock.nextAlarm ? Math.min(clock.nanosToNextAlarm, 1e6) : 1e6;
        n = Math.max(1, Math.ceil(nanos / nanosPerCycle));
      } else if (core.waiting) {
        // Asleep until an interrupt: jump to the next alarm. With none due
        // (the REPL waiting for a key) only the host can wake it: let 1 ms of
        // simulated time pass and give Node a millisecond to read stdin.
        idle = !clock.nextAlarm;
        const nanos = idle ? 1e6 : clock.nanosToNextAlarm;
        n = Math.max(1, Math.ceil(nanos / nanosPerCycle));
      } else if (core.PC === FLASH_ERASE || core.PC === FLASH_PROGRAM) {
        flashRom(core);
        n = 1;
      } else {
        n = core.executeInstruction();
      }
      cycles += n;
      allCycles += n;
      clock.tick(n * nanosPerCycle);
      clockNanos = clock.nanos;
      if (cycles >= pioNext) {
        stepPio();
      }
      if (idle) {
        break;
      }
    }
    if (ledBytes.length && clockNanos - ledLastNanos > FRAME_GAP_NS) {
      send(`leds ${hex(ledBytes)} ${Math.round((ledLastNanos - ledFirstNanos) / 1000)}`);
      ledBytes = [];
    }
  }
  if (pendingReset) {
    const { reason, scratch } = pendingReset;
    pendingReset = null;
    halted = false;
    boot(reason, scratch);
  }
  if (idle) {
    setTimeout(runSlice, 1);
  } else {
    setImmediate(runSlice);
  }
}

function stats() {
  send(`stats cycles=${cycles} sim_ms=${Math.round(clockNanos / 1e6)} ` +
       `wall_ms=${Date.now() - wallStart} scans=${scans} flash_writes=${flashWrites} ` +
       `all_cycles=${allCycles}`);
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const [kind, payload = ''] = line.split(' ', 2);
  if (kind === 'usb') {
    toPico.push(...Buffer.from(payload, 'hex'));
    feedUsb();
  } else if (kind === 'chain') {
    chain = Uint8Array.from(Buffer.from(payload, 'hex'));
    send(`chain ${Math.round(clockNanos / 1000)}`);
  } else if (kind === 'stats') {
    stats();
  } else if (kind === 'hang') {
    hung = true;
  } else if (kind === 'reset') {
    halted = true; // the slice running (if any) stops; the next one is the new chip's
    pendingReset = { reason: 0, scratch: null };
  }
});
process.stdin.on('end', () => process.exit(0));

boot();
runSlice();
