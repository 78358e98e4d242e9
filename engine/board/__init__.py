"""Board: the primitives the rules use to change the state: zone moves (400), damage (120), life,
counters, tapping, replacement hook points (614). Imports core and query."""
