"""The judge of HighlightTests' Pygments agreement test, run as a process (never by the build).

Reads code on stdin, lexes it with the Pygments lexer named by argv[1], and prints one
category letter per Unicode scalar of the input (the same table as the Swift side's
`PygmentsCategory`), so the two can be compared character by character.
"""
import sys
from pygments.lexers import get_lexer_by_name
from pygments.token import STANDARD_TYPES


def category(short):
    """The category of a Pygments short class name (`kt`, `s2`, `c1`, ...)."""
    if short in ("cp", "cpf"):
        return "P"  # preprocessor / attribute
    if short in ("nd", "na"):
        return "P"
    if short == "nt":
        return "T"  # tag, key
    if short.startswith("c"):
        return "C"
    if short.startswith("s") or short == "dl":
        return "S"
    if short.startswith("m") or short == "il":
        return "N"
    if short in ("kt", "nc", "ne"):
        return "Y"  # type
    if short.startswith("k") or short == "ow":
        return "K"
    if short in ("nf", "fm"):
        return "F"
    if short == "o":
        return "O"
    if short == "p" or short.startswith("p"):
        return "U"
    if short in ("gp", "go", "gi", "gd", "gu", "gh"):
        return {"gp": "1", "go": "2", "gi": "3", "gd": "4", "gu": "5", "gh": "6"}[short]
    return "-"


def short_name(ttype):
    while ttype not in STANDARD_TYPES:
        ttype = ttype.parent
    return STANDARD_TYPES[ttype]


def main():
    code = sys.stdin.buffer.read().decode("utf-8")
    lexer = get_lexer_by_name(sys.argv[1], stripnl=False, stripall=False, ensurenl=False)
    out = []
    for ttype, value in lexer.get_tokens(code):
        out.append(category(short_name(ttype)) * len(value))
    text = "".join(out)
    sys.stdout.write(text[: len(code)])


main()
