#!/usr/bin/env python3
"""Lists the C++ functions whose definition is longer than the design's limit (60 lines).

    scripts/check-function-length.py [--max-lines N] [--show-exempt] PATH...

Each PATH is a source file or a folder searched recursively for .cpp, .hpp, .h and .cc files.
Every function definition longer than N lines (default 60), counted from the first line of its
signature (a `template <...>` line included) to its closing brace, is printed as

    LINES path:line signature

longest first, and the exit status is 1; with none it is 0 (2 for a path that does not exist).

A function counts wherever it is defined: at namespace level, out of line (`Foo::bar`), in a class
body, a constructor with its initialiser list, a lambda assigned at namespace level. A lambda or a
local class inside a function counts toward that function. A definition directly below a comment
block that says `data table` is exempt: the design allows a long function that is essentially one
initialiser of data (a table of schemas, a registry of generators). --show-exempt lists those too,
marked `exempt`.

The source is tokenised first (comments, string and character literals, raw strings, digit
separators and preprocessor lines are skipped, `#if 0` blocks dropped), so braces in literals and
comments do not count. Every branch of an #if / #else is read: a brace opened in both branches
counts twice.
"""

import argparse
import os
import re
import sys

SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".cxx", ".hh")
EXEMPT_PHRASE = "data table"

# Tokens after a function's closing parenthesis that may come right before its body.
FUNCTION_QUALIFIERS = {
    ")",
    "const",
    "volatile",
    "noexcept",
    "override",
    "final",
    "&",
    "&&",
    "mutable",
    "try",
    "constexpr",
    "consteval",
}
CLASS_KEYS = {"class", "struct", "union"}
DECL_SPECIFIERS = {"typedef", "static", "inline", "constexpr", "const", "extern", "thread_local", "export"}
ACCESS_WORDS = {"public", "private", "protected", "signals", "slots", "Q_SIGNALS", "Q_SLOTS"}
MULTI_CHAR_PUNCTUATORS = (
    "...",
    "<<=",
    "->*",
    "::",
    "->",
    "==",
    "!=",
    "<=",
    ">=",
    "&&",
    "||",
    "+=",
    "-=",
    "*=",
    "/=",
    "%=",
    "&=",
    "|=",
    "^=",
    "++",
    "--",
    ".*",
)
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MACRO_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
STRING_PREFIXES = {"L", "u", "U", "u8"}
RAW_STRING_PREFIXES = {"R", "LR", "uR", "UR", "u8R"}


class Token:
    __slots__ = ("text", "line", "end_line", "start", "end")

    def __init__(self, text, line, end_line, start, end):
        self.text = text
        self.line = line
        self.end_line = end_line
        self.start = start
        self.end = end

    def __repr__(self):
        return f"{self.text}@{self.line}"


def blankIfZeroBlocks(source):
    """Replaces the lines of `#if 0` blocks (up to their #else, #elif or #endif) by empty lines."""
    lines = source.split("\n")
    directive = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$")
    depth = 0  # nesting inside a dropped block, 0 when keeping lines
    for index, line in enumerate(lines):
        match = directive.match(line)
        if depth == 0:
            if match and match.group(1) == "if" and match.group(2).strip() in ("0", "(0)"):
                depth = 1
                lines[index] = ""
            continue
        if match:
            kind = match.group(1)
            if kind in ("if", "ifdef", "ifndef"):
                depth += 1
            elif kind == "endif":
                depth -= 1
            elif depth == 1 and kind in ("else", "elif"):
                depth = 0
                lines[index] = "#if 1" if kind == "else" else line
                continue
        lines[index] = ""
    return "\n".join(lines)


class Tokenizer:
    """Splits C++ source into tokens; skips whitespace, comments, preprocessor lines and literal text."""

    def __init__(self, source):
        self.src = source
        self.pos = 0
        self.line = 1
        self.tokens = []
        self.code_lines = set()  # lines holding part of a token
        self.comment_lines = set()  # lines holding part of a comment

    def run(self):
        src = self.src
        at_line_start = True
        while self.pos < len(src):
            ch = src[self.pos]
            if ch == "\n":
                self.line += 1
                self.pos += 1
                at_line_start = True
                continue
            if ch in " \t\r\f\v":
                self.pos += 1
                continue
            if ch == "\\" and src.startswith("\n", self.pos + 1):
                self.pos += 1
                continue
            if src.startswith("//", self.pos) or src.startswith("/*", self.pos):
                self.skipComment()
                continue
            if ch == "#" and at_line_start:
                self.skipDirective()
                continue
            at_line_start = False
            self.readToken()
        return self.tokens

    def skipComment(self):
        src = self.src
        start_line = self.line
        if src.startswith("//", self.pos):
            end = self.pos
            while True:
                end = src.find("\n", end)
                if end == -1:
                    end = len(src)
                    break
                if src[end - 1] == "\\":  # a line continuation carries the comment on
                    end += 1
                    continue
                break
        else:
            end = src.find("*/", self.pos + 2)
            end = len(src) if end == -1 else end + 2
        self.line += src.count("\n", self.pos, end)
        self.comment_lines.update(range(start_line, self.line + 1))
        self.pos = end

    def skipDirective(self):
        """Skips a preprocessor line with its continuations; comments inside it are skipped too."""
        src = self.src
        while self.pos < len(src):
            ch = src[self.pos]
            if ch == "\n":
                return
            if ch == "\\" and src.startswith("\n", self.pos + 1):
                self.pos += 2
                self.line += 1
                continue
            if src.startswith("//", self.pos) or src.startswith("/*", self.pos):
                self.skipComment()
                continue
            if ch in "\"'":
                self.skipQuoted(ch)
                continue
            self.pos += 1

    def skipQuoted(self, quote):
        """Moves past a string or character literal; an unterminated one ends at its line's end."""
        src = self.src
        i = self.pos + 1
        while i < len(src):
            ch = src[i]
            if ch == "\\":
                if src.startswith("\n", i + 1):
                    self.line += 1
                i += 2
                continue
            if ch == quote:
                i += 1
                break
            if ch == "\n":
                break
            i += 1
        self.pos = i

    def skipRawString(self):
        """Moves past R"delim( ... )delim" (self.pos at the opening quote)."""
        src = self.src
        open_paren = src.find("(", self.pos)
        delimiter = src[self.pos + 1 : open_paren] if open_paren != -1 else ""
        closing = ")" + delimiter + '"'
        end = src.find(closing, open_paren + 1) if open_paren != -1 else -1
        end = len(src) if end == -1 else end + len(closing)
        self.line += src.count("\n", self.pos, end)
        self.pos = end

    def add(self, text, start, start_line):
        self.tokens.append(Token(text, start_line, self.line, start, self.pos))
        self.code_lines.update(range(start_line, self.line + 1))

    def readToken(self):
        src = self.src
        start = self.pos
        start_line = self.line
        ch = src[start]
        match = IDENTIFIER.match(src, start)
        if match:
            word = match.group(0)
            after = match.end()
            if after < len(src) and src[after] == '"' and word in RAW_STRING_PREFIXES:
                self.pos = after
                self.skipRawString()
                self.add('""', start, start_line)
                return
            if after < len(src) and src[after] in "\"'" and word in STRING_PREFIXES:
                self.pos = after
                self.skipQuoted(src[after])
                self.add('""' if src[after] == '"' else "''", start, start_line)
                return
            self.pos = after
            self.add(word, start, start_line)
            return
        if ch.isdigit() or (ch == "." and start + 1 < len(src) and src[start + 1].isdigit()):
            self.readNumber()
            self.add(src[start : self.pos], start, start_line)
            return
        if ch in "\"'":
            self.skipQuoted(ch)
            self.add('""' if ch == '"' else "''", start, start_line)
            return
        for punctuator in MULTI_CHAR_PUNCTUATORS:
            if src.startswith(punctuator, start):
                self.pos = start + len(punctuator)
                self.add(punctuator, start, start_line)
                return
        self.pos = start + 1
        self.add(ch, start, start_line)

    def readNumber(self):
        """A pp-number: digits, letters, dots, exponent signs and ' digit separators."""
        src = self.src
        i = self.pos + 1
        while i < len(src):
            ch = src[i]
            if ch.isalnum() or ch in "._":
                i += 1
            elif ch in "+-" and src[i - 1] in "eEpP" and not src[self.pos : i].lower().startswith("0x"):
                i += 1
            elif ch in "+-" and src[i - 1] in "pP":
                i += 1
            elif ch == "'" and i + 1 < len(src) and (src[i + 1].isalnum() or src[i + 1] == "_"):
                i += 1
            else:
                break
        self.pos = i


def matchingClose(tokens, index):
    """Index of the token closing the bracket at tokens[index], or the last index if unbalanced."""
    opening = tokens[index].text
    closing = {"(": ")", "[": "]", "{": "}"}[opening]
    depth = 0
    for i in range(index, len(tokens)):
        text = tokens[i].text
        if text == opening:
            depth += 1
        elif text == closing:
            depth -= 1
            if depth == 0:
                return i
    return len(tokens) - 1


def skipAngles(head, index):
    """Index just past the <...> group that starts at head[index]; parentheses hide their angles."""
    depth = 0
    parens = 0
    for i in range(index, len(head)):
        text = head[i].text
        if text in ("(", "[", "{"):
            parens += 1
        elif text in (")", "]", "}"):
            parens -= 1
        elif parens == 0 and text == "<":
            depth += 1
        elif parens == 0 and text == ">":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(head)


def skipGroup(head, index):
    """Index just past the bracketed group that starts at head[index] (head holds whole groups)."""
    pairs = {"(": ")", "[": "]"}
    opening = head[index].text
    depth = 0
    for i in range(index, len(head)):
        text = head[i].text
        if text == opening:
            depth += 1
        elif text == pairs[opening]:
            depth -= 1
            if depth == 0:
                return i + 1
    return len(head)


def stripLeadingNoise(head):
    """Drops what precedes a declaration but is no part of it: macros on lines of their own
    (Q_OBJECT, Q_DECLARE_METATYPE(T)) and stray tokens of an unfinished statement."""
    index = 0
    while index < len(head):
        token = head[index]
        if not MACRO_NAME.match(token.text):
            break
        after = index + 1
        if after < len(head) and head[after].text == "(":
            after = skipGroup(head, after)
        if after >= len(head) or head[after - 1].end_line >= head[after].line:
            break
        if not IDENTIFIER.match(head[after].text) and head[after].text not in ("[", "~"):
            break
        index = after
    return head[index:]


def declarationStart(head):
    """Index in head of the first token after attributes, template heads and specifiers."""
    index = 0
    while index < len(head):
        text = head[index].text
        if text == "[" and index + 1 < len(head) and head[index + 1].text == "[":
            index = skipGroup(head, index)
        elif text == "template" and index + 1 < len(head) and head[index + 1].text == "<":
            index = skipAngles(head, index + 1)
        elif text in DECL_SPECIFIERS:
            index += 1
        else:
            break
    return index


def topLevel(head, start):
    """Yields (index, token) of the tokens of head[start:] outside any parentheses or brackets."""
    depth = 0
    for i in range(start, len(head)):
        text = head[i].text
        if text in ("(", "["):
            depth += 1
        elif text in (")", "]"):
            depth -= 1
        elif depth == 0:
            yield i, head[i]


def isLambdaAfter(head, index):
    """True when head[index:] is a lambda's introducer and declarator: [captures] <...> (params) ..."""
    if index >= len(head) or head[index].text != "[":
        return False
    rest = skipGroup(head, index)
    return all(token.text != "{}" for token in head[rest:])


def initialiserColon(head):
    """Index of the `:` that starts a constructor's initialiser list in head, or None."""
    texts = [token.text for token in head]
    if "(" not in texts:
        return None
    first_paren = texts.index("(")
    return next((i for i, token in topLevel(head, first_paren) if token.text == ":"), None)


def classify(head):
    """What the `{` that follows head opens: namespace, class, function, member-init or data."""
    texts = [token.text for token in head]
    if not texts:
        return "data"
    start = declarationStart(head)
    first = texts[start] if start < len(texts) else ""
    top = list(topLevel(head, start))
    if "namespace" in (token.text for _, token in top) and "(" not in texts:
        return "namespace"
    if texts == ["extern", '""']:
        return "namespace"
    assignment = next(
        (i for i, token in top if token.text == "=" and (i == 0 or texts[i - 1] != "operator")), None
    )
    if first == "enum":
        return "data"
    if first in CLASS_KEYS and assignment is None and texts[-1] not in FUNCTION_QUALIFIERS - {"final"}:
        return "class"
    if assignment is not None:
        return "function" if isLambdaAfter(head, assignment + 1) else "data"
    if "(" not in texts:
        return "data"
    if initialiserColon(head) is not None:
        # A constructor's initialiser list: `m_a{x}` braces belong to it, the body follows `)` or `}`.
        return "member-init" if IDENTIFIER.match(texts[-1]) or texts[-1] == ">" else "function"
    if texts[-1] in FUNCTION_QUALIFIERS:
        return "function"
    first_paren = texts.index("(")
    if any(token.text in ("->", "requires") for i, token in top if i > first_paren):
        return "function"
    return "data"


class Definition:
    def __init__(self, path, start, end, signature, exempt):
        self.path = path
        self.start = start
        self.end = end
        self.signature = signature
        self.exempt = exempt

    @property
    def lines(self):
        return self.end - self.start + 1


class Scanner:
    """Walks the tokens of one file, keeping namespace and class scopes, and records definitions."""

    def __init__(self, path, source):
        self.path = path
        self.source = blankIfZeroBlocks(source)  # same lines, token offsets point into it
        self.lines = source.split("\n")
        tokenizer = Tokenizer(self.source)
        self.tokens = tokenizer.run()
        self.code_lines = tokenizer.code_lines
        self.comment_lines = tokenizer.comment_lines
        self.definitions = []

    def scan(self):
        tokens = self.tokens
        scopes = ["namespace"]
        head = []
        depth = 0  # parentheses and brackets open in head
        i = 0
        while i < len(tokens):
            token = tokens[i]
            text = token.text
            if text in ("(", "["):
                depth += 1
            elif text in (")", "]"):
                depth = max(0, depth - 1)
            if text == "{":
                i = self.openBrace(i, head, depth, scopes)
                if i < 0:  # a scope was entered or a definition ended: a new statement starts
                    i = -i
                    head = []
                    depth = 0
                continue
            if text == "}":
                if len(scopes) > 1:
                    scopes.pop()
                head = []
                depth = 0
            elif text == ";" and depth == 0:
                head = []
            elif text == ":" and depth == 0 and head and head[-1].text in ACCESS_WORDS:
                head = []
            else:
                head.append(token)
            i += 1
        return self.definitions

    def openBrace(self, i, head, depth, scopes):
        """Handles the `{` at tokens[i]; returns the next index, negated when the head ends."""
        tokens = self.tokens
        if depth > 0:  # a default argument or an expression inside the declaration
            close = matchingClose(tokens, i)
            head.append(Token("{}", tokens[i].line, tokens[close].line, tokens[i].start, tokens[close].end))
            return close + 1
        head[:] = stripLeadingNoise(head)
        kind = classify(head)
        if kind in ("namespace", "class"):
            scopes.append(kind)
            return -(i + 1)
        close = matchingClose(tokens, i)
        if kind == "function":
            self.record(head, tokens[i], tokens[close])
            return -(close + 1)
        head.append(Token("{}", tokens[i].line, tokens[close].line, tokens[i].start, tokens[close].end))
        return close + 1

    def record(self, head, brace, close):
        first = head[0] if head else brace
        colon = initialiserColon(head)  # the signature ends before a constructor's initialiser list
        end = head[colon].start if colon is not None else brace.start
        signature = " ".join(self.source[first.start : end].split())
        self.definitions.append(
            Definition(self.path, first.line, close.line, signature, self.isExempt(first.line))
        )

    def isExempt(self, line):
        """True when the comment lines right above `line` say the definition is a data table."""
        above = line - 1
        while above >= 1 and above in self.comment_lines and above not in self.code_lines:
            if EXEMPT_PHRASE in self.lines[above - 1].lower():
                return True
            above -= 1
        return False


def sourceFiles(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for folder, subfolders, files in os.walk(path):
            subfolders.sort()
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    yield os.path.join(folder, name)


def main():
    parser = argparse.ArgumentParser(
        description="List C++ function definitions longer than the limit (exit 1 when any)."
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="source file or folder")
    parser.add_argument("--max-lines", type=int, default=60, help="longest allowed definition (60)")
    parser.add_argument("--show-exempt", action="store_true", help="also list exempt data tables")
    args = parser.parse_args()
    missing = [path for path in args.paths if not os.path.exists(path)]
    if missing:
        print(f"check-function-length: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    found = []
    for path in sourceFiles(args.paths):
        with open(path, encoding="utf-8", errors="replace") as file:
            source = file.read()
        for definition in Scanner(path, source).scan():
            if definition.lines > args.max_lines and (args.show_exempt or not definition.exempt):
                found.append(definition)
    found.sort(key=lambda d: (-d.lines, d.path, d.start))
    for d in found:
        note = " (exempt: data table)" if d.exempt else ""
        print(f"{d.lines} {d.path}:{d.start} {d.signature}{note}")
    return 1 if any(not d.exempt for d in found) else 0


if __name__ == "__main__":
    sys.exit(main())
