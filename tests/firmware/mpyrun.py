# Runs the firmware's logic tests under MicroPython (tests/firmware/mpyrun.mjs).
# MODULES is set by the caller before this file runs.

import sys


def run(modules):
    passed = failed = 0
    for name in modules:
        mod = __import__(name)
        for attr in sorted(dir(mod)):
            if not attr.startswith("test_"):
                continue
            try:
                getattr(mod, attr)()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAILED %s.%s" % (name, attr))
                sys.print_exception(e)
    print("micropython: %d passed, %d failed" % (passed, failed))
    if failed or not passed:
        raise SystemExit(1)
