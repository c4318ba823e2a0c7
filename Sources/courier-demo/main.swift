import Courier

print("courier-demo")
