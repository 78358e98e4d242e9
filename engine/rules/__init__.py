"""Rule procedures: casting and activating (601, 602), the stack (405, 608), mana abilities (605),
triggered abilities (603), combat (506-511), state-based actions (704), cleanup (514), mulligans
(103.5). Imports core, query, board and effects."""
