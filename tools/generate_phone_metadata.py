#!/usr/bin/env python3
"""Compile libphonenumber's numbering plans into one compact table for TextRotor's phone detector.

    python3 tools/generate_phone_metadata.py PhoneNumberMetadata.xml \
        > Sources/Detection/Generated/PhoneMetadataTable.swift

PhoneNumberMetadata.xml is google/libphonenumber's resources/PhoneNumberMetadata.xml (Apache-2.0).

For every region: its country calling code, national prefix, and the valid national numbers as a
deterministic automaton over digits (the union of the fixed-line, mobile, toll-free, premium-rate,
shared-cost, VoIP, personal, pager, UAN and voicemail patterns). Each automaton state records which
number types accept there. The regular expressions use a small subset (digits, classes, groups,
alternation, ?, {m,n}); they are compiled here, so the Swift side only walks a table.

The table is a base64 string (fast to compile) of little-endian records:
  u8[2] region, u16 country code, u8 prefix length, prefix digits, u16 state count,
  per state: u16 accept flags, u16[10] next state + 1 (0 = no transition);
  then the international (IDD) prefix's automaton in the same form (u16 state count, states; flag 1 = a
  whole prefix).
"""
import base64
import re
import struct
import sys
import xml.etree.ElementTree as ET

TYPES = ["fixedLine", "mobile", "tollFree", "premiumRate", "sharedCost", "voip", "personalNumber", "pager", "uan",
         "voicemail"]


class Parser:
    def __init__(self, pattern):
        self.p = pattern
        self.i = 0

    def peek(self):
        return self.p[self.i] if self.i < len(self.p) else None

    def parse(self):
        node = self.alternation()
        assert self.i == len(self.p), (self.p, self.i)
        return node

    def alternation(self):
        options = [self.sequence()]
        while self.peek() == "|":
            self.i += 1
            options.append(self.sequence())
        return ("alt", options)

    def sequence(self):
        items = []
        while self.peek() is not None and self.peek() not in "|)":
            items.append(self.repeat())
        return ("seq", items)

    def repeat(self):
        atom = self.atom()
        while True:
            c = self.peek()
            if c == "?":
                self.i += 1
                atom = ("rep", atom, 0, 1)
            elif c == "{":
                j = self.p.index("}", self.i)
                body = self.p[self.i + 1:j]
                self.i = j + 1
                if "," in body:
                    lo, hi = body.split(",")
                    atom = ("rep", atom, int(lo), int(hi) if hi else None)
                else:
                    atom = ("rep", atom, int(body), int(body))
            elif c in ("*", "+"):
                self.i += 1
                atom = ("rep", atom, 0 if c == "*" else 1, None)
            else:
                return atom

    def atom(self):
        c = self.peek()
        if c == "(":
            self.i += 1
            if self.p.startswith("?:", self.i):
                self.i += 2
            node = self.alternation()
            assert self.peek() == ")"
            self.i += 1
            return node
        if c == "[":
            j = self.p.index("]", self.i)
            body = self.p[self.i + 1:j]
            self.i = j + 1
            digits = set()
            k = 0
            while k < len(body):
                if body[k] == "\\" and body[k + 1] == "d":
                    digits |= set(range(10))
                    k += 2
                elif k + 2 < len(body) and body[k + 1] == "-":
                    digits |= set(range(int(body[k]), int(body[k + 2]) + 1))
                    k += 3
                else:
                    digits.add(int(body[k]))
                    k += 1
            return ("set", frozenset(digits))
        if c == "\\":
            assert self.p[self.i + 1] == "d", self.p
            self.i += 2
            return ("set", frozenset(range(10)))
        assert c.isdigit(), (self.p, self.i)
        self.i += 1
        return ("set", frozenset([int(c)]))


class NFA:
    def __init__(self):
        self.eps = []
        self.moves = []

    def state(self):
        self.eps.append([])
        self.moves.append([])
        return len(self.eps) - 1

    def build(self, node, start):
        """Adds `node` after `start`; returns the end state."""
        kind = node[0]
        if kind == "set":
            end = self.state()
            self.moves[start].append((node[1], end))
            return end
        if kind == "seq":
            cur = start
            for item in node[1]:
                cur = self.build(item, cur)
            return cur
        if kind == "alt":
            end = self.state()
            for option in node[1]:
                s = self.state()
                self.eps[start].append(s)
                e = self.build(option, s)
                self.eps[e].append(end)
            return end
        if kind == "rep":
            _, inner, lo, hi = node
            cur = start
            for _ in range(lo):
                cur = self.build(inner, cur)
            if hi is None:
                loop = self.state()
                self.eps[cur].append(loop)
                e = self.build(inner, loop)
                self.eps[e].append(loop)
                return loop
            end = self.state()
            self.eps[cur].append(end)
            for _ in range(hi - lo):
                cur = self.build(inner, cur)
                self.eps[cur].append(end)
            return end
        raise ValueError(kind)


def closure(nfa, states):
    stack = list(states)
    seen = set(states)
    while stack:
        s = stack.pop()
        for t in nfa.eps[s]:
            if t not in seen:
                seen.add(t)
                stack.append(t)
    return frozenset(seen)


def automaton(patterns):
    """patterns: list of (flag, regex). Returns list of (flags, [next or -1]*10)."""
    nfa = NFA()
    start = nfa.state()
    accept = {}
    for flag, pattern in patterns:
        s = nfa.state()
        nfa.eps[start].append(s)
        e = nfa.build(Parser(pattern).parse(), s)
        accept.setdefault(e, 0)
        accept[e] |= flag
    first = closure(nfa, [start])
    index = {first: 0}
    order = [first]
    table = []
    k = 0
    while k < len(order):
        current = order[k]
        flags = 0
        for s in current:
            flags |= accept.get(s, 0)
        row = []
        for d in range(10):
            targets = [t for s in current for (digits, t) in nfa.moves[s] if d in digits]
            if not targets:
                row.append(-1)
                continue
            nxt = closure(nfa, targets)
            if nxt not in index:
                index[nxt] = len(order)
                order.append(nxt)
            row.append(index[nxt])
        table.append((flags, row))
        k += 1
    return minimize(table)


def minimize(table):
    """Moore's partition refinement; keeps state 0 as the start."""
    n = len(table)
    block = [table[i][0] for i in range(n)]
    while True:
        signature = {}
        new_block = []
        for i in range(n):
            key = (block[i], tuple(block[j] if j >= 0 else -1 for j in table[i][1]))
            if key not in signature:
                signature[key] = len(signature)
            new_block.append(signature[key])
        if len(set(new_block)) == len(set(block)):
            block = new_block
            break
        block = new_block
    # Renumber with the start first.
    mapping = {}
    for i in [0] + list(range(n)):
        if block[i] not in mapping:
            mapping[block[i]] = len(mapping)
    result = [None] * len(mapping)
    for i in range(n):
        b = mapping[block[i]]
        if result[b] is None:
            result[b] = (table[i][0], [mapping[block[j]] if j >= 0 else -1 for j in table[i][1]])
    return result


def main():
    root = ET.parse(sys.argv[1]).getroot()
    blob = bytearray()
    regions = 0
    states_total = 0
    for territory in root.find("territories"):
        region = territory.get("id")
        code = int(territory.get("countryCode"))
        prefix = territory.get("nationalPrefix") or ""
        patterns = []
        for bit, name in enumerate(TYPES):
            element = territory.find(name + "/nationalNumberPattern")
            if element is not None and element.text:
                patterns.append((1 << bit, re.sub(r"\s", "", element.text)))
        if not patterns:
            continue
        table = automaton(patterns)
        # The international (IDD) prefix dialled before a country code: "00", "011", "0011", "0[0-3]\d"…
        idd = territory.get("internationalPrefix") or ""
        idd_table = automaton([(1, re.sub(r"\s", "", idd))]) if idd else []
        regions += 1
        states_total += len(table)
        blob += region.encode("ascii")[:2].ljust(2, b"?")
        blob += struct.pack("<HB", code, len(prefix)) + prefix.encode("ascii")
        blob += struct.pack("<H", len(table))
        for flags, row in table:
            blob += struct.pack("<H", flags)
            blob += struct.pack("<10H", *[r + 1 for r in row])
        blob += struct.pack("<H", len(idd_table))
        for flags, row in idd_table:
            blob += struct.pack("<H", flags)
            blob += struct.pack("<10H", *[r + 1 for r in row])
    encoded = base64.b64encode(bytes(blob)).decode("ascii")
    version = root.get("version") or "libphonenumber resources commit f7e3e88c9 (2026-07-17)"
    print("// swift-format-ignore-file")
    print("// Generated by tools/generate_phone_metadata.py — do not edit.")
    print("// Source: libphonenumber PhoneNumberMetadata.xml, %s." % version)
    print("// %d regions, %d automaton states, %d bytes; types: %s." % (regions, states_total, len(blob), ", ".join(TYPES)))
    print("")
    print("/// The phone metadata blob (see tools/generate_phone_metadata.py for the layout).")
    print("let phoneMetadataBase64: String =")
    width = 120
    lines = [encoded[i:i + width] for i in range(0, len(encoded), width)]
    print('  """')
    for line in lines:
        print("  " + line)
    print('  """')
    print("")
    print("/// Number types, in flag-bit order.")
    print("let phoneNumberTypes: [String] = [%s]" % ", ".join('"%s"' % t for t in TYPES))
    print("")
    print("/// libphonenumber's nationalPrefixForParsing and nationalPrefixTransformRule, for the regions whose")
    print("/// national numbers are written with more than the plain trunk prefix: Argentina's \"0 343 15 555 1212\"")
    print("/// (mobile: drop 15, add 9), seven-digit local numbers in NANP islands (\"462 1234\" in Antigua gets")
    print("/// area code 268), Brazil's carrier codes. Patterns are ICU/Java regular expressions over digits;")
    print("/// the transform uses $1, $2 for the pattern's groups (empty: strip what matched).")
    print("let phoneNationalPrefixParsing: [String: (pattern: String, transform: String)] = [")
    for territory in root.find("territories"):
        npp = territory.get("nationalPrefixForParsing")
        if not npp:
            continue
        npp = re.sub(r"\s", "", npp)
        transform = territory.get("nationalPrefixTransformRule") or ""
        print('  "%s": ("%s", "%s"),' % (territory.get("id"), npp.replace("\\", "\\\\"), transform))
    print("]")


if __name__ == "__main__":
    main()
