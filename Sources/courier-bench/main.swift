import Courier

print("courier-bench")
