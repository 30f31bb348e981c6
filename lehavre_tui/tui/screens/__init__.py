"""The screens: set-up, table, card detail, feeding, handoff, scoring, help."""
