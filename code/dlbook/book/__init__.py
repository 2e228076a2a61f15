"""dlbook.book: the book's own rendering helpers, apart from the listings it teaches.

``listings`` (print a function's live source as a Quarto listing), ``tables`` (Markdown
tables of computed results), ``style`` (the house plotting style), ``panels`` (the numbers
behind the interactive panels), ``panel_figures`` (their static fallbacks for the PDF and
EPUB editions).
"""
