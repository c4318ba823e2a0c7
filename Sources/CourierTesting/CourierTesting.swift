// Helpers for testing code that uses Courier: stubs, fixtures, recording.
import Courier
