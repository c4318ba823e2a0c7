// Tests of CourierTesting.
