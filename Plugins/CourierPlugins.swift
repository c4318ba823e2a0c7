// The built-in plugins of Courier: logging, access tokens, credentials, network activity, retry.
import Courier
