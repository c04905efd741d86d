"""What people read of the records: the HTML digest, ``show`` cards, and the span highlighter
they share."""
