"""What a person may call an account or a bot: names other people read on the site.

A name is refused when it could mislead a reader:

- it holds invisible or direction-changing characters (Unicode categories Cc and Cf: a
  right-to-left override reverses the text around it, a zero-width joiner hides a difference);
- it mixes scripts that look alike (a Cyrillic "а" inside "alice"): letters come from one
  script, except that Latin may go with the CJK scripts, which nothing in Latin resembles;
- it reads as a name the platform keeps for itself (``house``, ``admin``...) or for its
  built-in bots (``random``, ``heuristic-3``, ``mix-0.5``...), once case, separators, digits
  that stand for letters and letters borrowed from other scripts are set aside.

Letters are compared through the Unicode confusables table (the ``confusable_homoglyphs``
package), so "hеuristic" with a Cyrillic "е" is "heuristic".
"""
import re
import unicodedata

from confusable_homoglyphs import categories, confusables

from web.errors import ServiceError

RESERVED = ("house", "admin", "administrator", "root", "staff", "system", "arena", "samuraiarena",
            "moderator", "support", "anonymous", "nobody", "builtin")

_NEUTRAL_SCRIPTS = {"COMMON", "INHERITED"}
_MIXES_ALLOWED = ({"HAN", "HIRAGANA", "KATAKANA", "LATIN"}, {"HAN", "HANGUL", "LATIN"}, {"HAN", "BOPOMOFO", "LATIN"})
# digits that pass for letters; "1" passes for "l" or "i", so a name is read both ways
_DIGIT_LETTERS = (str.maketrans({"0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t"}),
                  str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t"}))


def _builtin_names():
    from arena.agents import builtin_names
    return [name.replace("<p>", "") for name in builtin_names()]


def skeleton(name, *, digits_as_letters=0):
    """What ``name`` looks like: NFKC, case folded, other scripts' look-alike letters replaced by
    their Latin twins, digits that pass for letters read as letters (``digits_as_letters``: None
    keeps digits, 0 or 1 picks a reading of "1"), separators dropped."""
    text = unicodedata.normalize("NFKC", name).casefold()
    twins = {}
    for found in confusables.is_confusable(text, greedy=True, preferred_aliases=["latin"]) or ():
        if found["character"].isascii():
            continue
        latin = [h["c"] for h in found["homoglyphs"]
                 if h["n"].startswith("LATIN") and len(h["c"]) == 1 and h["c"].isascii()]
        if latin:
            twins[found["character"]] = latin[0].casefold()
    text = "".join(twins.get(c, c) for c in text)
    if digits_as_letters is not None:
        text = text.translate(_DIGIT_LETTERS[digits_as_letters])
    return re.sub(r"[\W_]+", "", text)


def _scripts(name):
    letters = "".join(c for c in name if c.isalpha())
    return categories.unique_aliases(letters) - _NEUTRAL_SCRIPTS if letters else set()


def check_name(name, *, what, reserved=True):
    """``name`` stripped, or ``ServiceError`` saying why it cannot be used; ``what`` is "a bot's
    name" or "a user name".  ``reserved=False`` for the platform's own built-in bots."""
    hidden = sorted({f"U+{ord(c):04X}" for c in name if unicodedata.category(c) in ("Cc", "Cf")})
    if hidden:
        raise ServiceError(f"{what} cannot hold invisible or direction-changing characters ({', '.join(hidden)})")
    scripts = _scripts(name)
    if len(scripts) > 1 and not any(scripts <= allowed for allowed in _MIXES_ALLOWED):
        raise ServiceError(f"{what} cannot mix letters of different scripts ({', '.join(sorted(scripts)).lower()}): "
                           "it could pass for another name")
    if reserved:
        shapes = {skeleton(name, digits_as_letters=reading) for reading in (0, 1)}
        numbered = skeleton(name, digits_as_letters=None)
        for kept in RESERVED + tuple(skeleton(n, digits_as_letters=None) for n in _builtin_names()):
            if kept in shapes or re.fullmatch(re.escape(kept) + r"\d*", numbered):
                raise ServiceError(f"{what} {name!r} reads as {kept!r}, a name the arena keeps for itself "
                                   "or its built-in bots")
    return name
