"""What people read of the records: the HTML digest, ``show`` cards, ``doctor``, and the span
highlighter they share."""
