// Tests of Courier.
