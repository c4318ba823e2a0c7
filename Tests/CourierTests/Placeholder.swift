// Tests of the core.
