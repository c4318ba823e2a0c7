import Foundation

exit(await CourierDemo.run(Array(CommandLine.arguments.dropFirst())))
