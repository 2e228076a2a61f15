"""How the claim scan (:mod:`dlbook.book.claim_scan`) reads a sentence: where sentences
end, and the words that state a result.

A sentence that types one of them in its prose states, compares or quantifies an outcome, so
it is a claim or carries an exemption. The list errs on the side of flagging: a false alarm
costs an exemption with its reason, a missed claim costs a sentence no condition guards.
"""

from __future__ import annotations

import re

#: Words and phrases that state, compare or quantify a computed outcome. Stems match their
#: inflections.
RESULT_WORDS = [
    r'win(?:s|ner|ners)?', r'won', r'beat(?:s|en)?', r'outperform\w*', r'better', r'worse',
    r'best', r'worst', r'faster', r'slower', r'more slowly', r'quicker', r'decay(?:s|ed|ing)?',
    r'vanish(?:es|ed|ing)?', r'explod(?:e|es|ed|ing)', r'diverg(?:e|es|ed|ing)', r'blows? up',
    r'perfect(?:ly)?', r'enormous(?:ly)?', r'huge', r'dramatic(?:ally)?', r'no better than',
    r'straight line', r'orders? of magnitude', r'solv(?:e|es|ed)', r'fail(?:s|ed)?',
    r'learn(?:s|ed|t)', r'memoris(?:e|es|ed)', r'remember(?:s|ed)', r'at chance', r'near chance',
    r'above chance', r'chance level', r'falls?', r'fell', r'rises?', r'rose', r'grows?', r'grew',
    r'drops?', r'dropped', r'shrinks?', r'shrank', r'confident(?:ly)?', r'decided?',
    r'separated?', r'every', r'none', r'never', r'always', r'at least', r'at most', r'more than',
    r'fewer than', r'less than', r'higher', r'lower', r'larger', r'smaller', r'exceed\w*',
    r'ties?', r'tied',
]
WORDS = re.compile(r"\b(?:" + "|".join(RESULT_WORDS) + r")\b", re.IGNORECASE)
ANCHOR = re.compile(r"\[\]\{#claim-([^\s}]*)\}")
EXEMPT = re.compile(r"<!--\s*exempt:(.*?)-->", re.S)
INLINE = re.compile(r"`\{python\}[^`]*`")
_ABBREVIATIONS = ("e.g.", "i.e.", "et al.", "etc.", "cf.", "vs.", "approx.")


def sentences(text: str) -> list[tuple[int, str]]:
    """(line offset, sentence) pairs; an anchor or exemption stays with the sentence before."""
    protected = text
    for abbreviation in _ABBREVIATIONS:
        protected = protected.replace(abbreviation, abbreviation.replace(".", "\x00"))
    pieces, start = [], 0
    for split in re.finditer(r"(?<=[.!?])\s+|(?<=\})\s+|(?<=-->)\s+", protected):
        before, after = protected[:split.start()], protected[split.end():]
        if before.endswith("}") and not re.search(r"\[\]\{#claim-[^\s}]*\}$", before):
            continue  # an attribute, not the end of a claim
        if re.match(r"\[\]\{#claim-|<!--\s*exempt:", after):
            continue  # the anchor or exemption belongs to the sentence before it
        pieces.append((start, protected[start:split.start()]))
        start = split.end()
    pieces.append((start, protected[start:]))
    return [(text[:pos].count("\n"), piece.replace("\x00", ".")) for pos, piece in pieces
            if piece.strip()]


def typed_words(sentence: str) -> list[str]:
    """The result words typed in a sentence: not in inline expressions, code, maths, links."""
    prose = EXEMPT.sub(" ", ANCHOR.sub(" ", sentence))
    prose = INLINE.sub(" ", prose)
    prose = re.sub(r"`[^`]*`", " ", prose)
    prose = re.sub(r"\$\$.*?\$\$", " ", prose, flags=re.S)
    prose = re.sub(r"(?<!\\)\$[^$]+\$", " ", prose)
    prose = re.sub(r"\[@[^\]]*\]|@[\w:-]+", " ", prose)  # citations and cross-references
    prose = re.sub(r"\]\([^)]*\)|\{[#.][^}]*\}", "]", prose)  # link targets, attributes
    return [m.group(0) for m in WORDS.finditer(prose)]
