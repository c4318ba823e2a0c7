// Tests of CourierIntegration.
