"""Rule sheets and booklets as PDF, laid out with reportlab's platypus."""
