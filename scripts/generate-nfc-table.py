#!/usr/bin/env python3
"""Writes Sources/DiffEngines/NFCQuickCheckTable.swift: the per-scalar data of
the NFC quick check that lets the string byte table key a non-ASCII id by
its own bytes (see Guides/Heckel.md, "Non-ASCII ids").

    scripts/generate-nfc-table.py          write the Swift source
    scripts/generate-nfc-table.py --check  exit 1 when the committed source differs

Each scalar gets one byte:
  0-254  the scalar may appear in NFC text unchanged whatever precedes it
         (assigned, NFC_Quick_Check = Yes): the value is its canonical
         combining class, which the check needs to see marks in order;
  255    anything else: unassigned in this Python's Unicode version, a
         surrogate, NFC_Quick_Check = No (a singleton such as U+2126, a
         composition exclusion, a non-starter decomposition) or Maybe (a
         scalar that can compose with the one before it: U+0301, a Hangul
         vowel or trailing consonant jamo). A string holding one is
         normalized by the standard library instead.

Python's unicodedata gives no NFC_Quick_Check property, so it is derived:
No when NFC changes the scalar alone; Maybe when the scalar is the second
half of a primary composite's canonical decomposition, or a Hangul V or T
jamo. The table is only ever used to prove a string is already NFC, so it
must never call a scalar safe that is not; the script checks that claim
against unicodedata.is_normalized before writing anything.

Why a table from an older Unicode version is safe with a newer standard
library: Unicode's normalization stability policy says a string of
characters assigned in version V that is NFC under V stays NFC in every
later version. Scalars unassigned in V are 255, so a string the table
passes holds only characters assigned in V.

The source stores the values as runs (value and length in hex), decoded
once per process into a two-stage table (128 scalars a block).
"""
import random
import sys
import unicodedata
from pathlib import Path

SCALARS = 0x110000
SLOW = 255
TARGET = Path(__file__).resolve().parent.parent / "Sources/DiffEngines/NFCQuickCheckTable.swift"


def canonical_decomposition(ch):
    mapping = unicodedata.decomposition(ch)
    if not mapping or mapping.startswith("<"):
        return None
    return [int(part, 16) for part in mapping.split()]


def table_values():
    """One byte per scalar, as described above."""
    composes_after = set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3))
    for cp in range(SCALARS):
        ch = chr(cp)
        parts = canonical_decomposition(ch)
        if parts and len(parts) == 2 and unicodedata.normalize("NFC", ch) == ch:
            composes_after.add(parts[1])
    values = bytearray(SCALARS)
    for cp in range(SCALARS):
        ch = chr(cp)
        if unicodedata.category(ch) in ("Cn", "Cs") or cp in composes_after:
            values[cp] = SLOW
        elif unicodedata.normalize("NFC", ch) != ch:
            values[cp] = SLOW
        else:
            values[cp] = unicodedata.combining(ch)
    return values


def passes(values, text):
    """The quick check the Swift code runs: every scalar safe, marks in order."""
    last = 0
    for ch in text:
        value = values[ord(ch)]
        if value == SLOW or (value != 0 and value < last):
            return False
        last = value
    return True


def self_check(values):
    """Every string the check passes must be NFC: each safe scalar alone,
    after each starter, and random runs of safe scalars and marks."""
    safe = [cp for cp in range(SCALARS) if values[cp] != SLOW]
    marks = [cp for cp in safe if values[cp] != 0]
    starters = [cp for cp in safe if values[cp] == 0]
    for cp in safe:
        assert unicodedata.is_normalized("NFC", chr(cp)), hex(cp)
    for mark in marks:
        for base in (0x41, 0x61, 0x3B1, 0x5D0, 0x627, 0x915, 0x1100, 0xAC00):
            text = chr(base) + chr(mark)
            assert not passes(values, text) or unicodedata.is_normalized("NFC", text), (hex(base), hex(mark))
    rng = random.Random(35)
    pool = starters[:: max(1, len(starters) // 4000)] + marks + list(range(0x41, 0x5B))
    for _ in range(200_000):
        text = "".join(chr(rng.choice(pool)) for _ in range(rng.randint(1, 6)))
        assert not passes(values, text) or unicodedata.is_normalized("NFC", text), [hex(ord(c)) for c in text]
    # Known answers: safe, slow, and marks that must be ordered.
    for cp in (0x41, 0xE9, 0x2019, 0x1F600, 0x6F22, 0xAC00):
        assert values[cp] == 0, hex(cp)
    for cp in (0x301, 0x2126, 0x212B, 0x212A, 0x1161, 0x11A8, 0x340, 0x958):
        assert values[cp] == SLOW, hex(cp)


def runs(values):
    out, start = [], 0
    for cp in range(1, SCALARS + 1):
        if cp == SCALARS or values[cp] != values[start]:
            out.append((values[start], cp - start))
            start = cp
    return out


def swift_source(values):
    tokens = [f"{value:02X}{length:X}" for value, length in runs(values)]
    lines = [" ".join(tokens[i : i + 12]) for i in range(0, len(tokens), 12)]
    body = "\n".join("    " + line for line in lines)
    return f"""// Generated by scripts/generate-nfc-table.py from Python's unicodedata
// (Unicode {unicodedata.unidata_version}); do not edit. Run the script again to regenerate.

/// The Unicode version the table was made from.
let _nfcQuickCheckUnicodeVersion = "{unicodedata.unidata_version}"

/// The NFC quick-check data of every scalar, as runs: each token is a value
/// (two hex digits: a canonical combining class, or FF for a scalar the
/// check cannot pass) followed by the run's length in hex. Decoded once by
/// ``_NFCQuickCheck``.
let _nfcQuickCheckRuns = \"\"\"
{body}
    \"\"\"
"""


def main():
    values = table_values()
    self_check(values)
    source = swift_source(values)
    if "--check" in sys.argv[1:]:
        current = TARGET.read_text() if TARGET.exists() else ""
        if current != source:
            print(f"{TARGET} differs from what the script generates", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(source)
    print(f"wrote {TARGET} ({len(runs(values))} runs, Unicode {unicodedata.unidata_version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
