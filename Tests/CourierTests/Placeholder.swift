// Tests of CourierPlugins.
