"""Query: reading the board without changing it: characteristics through the layer system (613),
amounts and conditions, legal targets (115), trigger matching (603.2). Imports core only."""
