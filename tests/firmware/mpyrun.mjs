// Load the MicroPython WebAssembly VM, give it the firmware and its tests, and
// run either the tests or a benchmark script.
//   node tests/firmware/mpyrun.mjs test
//   node tests/firmware/mpyrun.mjs bench path/to/bench.py
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const mp = await loadMicroPython({
  heapsize: 8 * 1024 * 1024,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});

function copyDir(from, to) {
  mp.FS.mkdir(to);
  for (const name of readdirSync(from)) {
    if (name.endsWith(".py")) mp.FS.writeFile(join(to, name), readFileSync(join(from, name)));
  }
}
mp.FS.mkdir("/fw");
copyDir(join(root, "firmware", "marblefw"), "/fw/marblefw");
copyDir(here, "/tests");
mp.runPython("import sys\nsys.path.insert(0, '/fw')\nsys.path.insert(0, '/tests')");

const [mode, script] = process.argv.slice(2);
try {
  if (mode === "bench") {
    mp.runPython(readFileSync(script, "utf8"));
  } else {
    const modules = readdirSync(here)
      .filter((n) => n.startsWith("test_fw_") && n.endsWith(".py"))
      .map((n) => n.slice(0, -3));
    mp.runPython(`import mpyrun\nmpyrun.run(${JSON.stringify(modules)})`);
  }
} catch (e) {
  // A Python error escaping the runner: show its traceback, not the VM's insides.
  console.error(String(e.message || e).split("\n").slice(-12).join("\n"));
  process.exit(2);
}
