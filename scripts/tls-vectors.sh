#!/usr/bin/env bash
# Writes the test vectors of the plain-Swift parts of public-key pinning, made with openssl:
#
#   scripts/tls-vectors.sh [OUTPUT]   (default Tests/CourierTests/TLS/Fixtures/tls-vectors.json)
#
#   keys     for RSA 2048, 3072 and 4096 and EC P-256, P-384 and P-521: the raw public key as Apple's
#            SecKeyCopyExternalRepresentation gives it (RSA: PKCS #1 RSAPublicKey DER, from
#            `openssl rsa -RSAPublicKey_out`; EC: the uncompressed X9.63 point, from `openssl ec -text`),
#            the DER SubjectPublicKeyInfo (`openssl pkey -pubout -outform DER`) and its pin
#            (`… | openssl dgst -sha256 -binary | base64`)
#   digests  SHA-256 of N bytes of "a", for lengths around SHA-256's 64-byte blocks
#   pem      a PEM file of two certificates with a private key between them, and the DER of each
#            certificate (`openssl x509 -outform DER`)
#
# Every value is base64, except the digests (hex, as `openssl dgst` prints them). The keys are
# throwaway ones made for the run; the file is committed, so tests need no openssl. Needs GNU
# coreutils (base64 -w0) and xxd.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
output="${1:-$root/Tests/CourierTests/TLS/Fixtures/tls-vectors.json}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

b64() { base64 -w0; }

# The uncompressed point of an EC key, read from openssl's text dump (`pub:` up to `ASN1 OID:`).
ec_point() {
  openssl ec -in "$1" -text -noout 2>/dev/null |
    sed -n '/^pub:/,/^ASN1 OID:/p' | sed '1d;$d' | tr -d ' :\n' | xxd -r -p | b64
}

key_entry() { # name kind key.pem
  local name="$1" kind="$2" key="$3" raw
  if [ "$kind" = rsa ]; then
    raw="$(openssl rsa -in "$key" -RSAPublicKey_out -outform DER 2>/dev/null | b64)"
  else
    raw="$(ec_point "$key")"
  fi
  local spki pin
  spki="$(openssl pkey -in "$key" -pubout -outform DER | b64)"
  pin="$(openssl pkey -in "$key" -pubout -outform DER | openssl dgst -sha256 -binary | b64)"
  printf '    {"name": "%s", "kind": "%s", "raw": "%s", "spki": "%s", "pin": "%s"}' \
    "$name" "$kind" "$raw" "$spki" "$pin"
}

for bits in 2048 3072 4096; do
  openssl genrsa -out "$work/rsa$bits.pem" "$bits" 2>/dev/null
done
for curve in P-256 P-384 P-521; do
  openssl ecparam -name "$(echo "$curve" | sed 's/P-256/prime256v1/; s/P-384/secp384r1/; s/P-521/secp521r1/')" \
    -genkey -noout -out "$work/$curve.pem"
done

certificate() { # name → PEM on stdout
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$work/$1.key" \
    -subj "/CN=Courier test $1" -days 1 2>/dev/null
}
certificate one >"$work/one.pem"
certificate two >"$work/two.pem"
{
  echo "Two certificates with a private key between them, as a bundle may hold."
  cat "$work/one.pem" "$work/one.key" "$work/two.pem"
} >"$work/bundle.pem"

{
  echo "{"
  echo '  "keys": ['
  key_entry rsa2048 rsa "$work/rsa2048.pem"; echo ","
  key_entry rsa3072 rsa "$work/rsa3072.pem"; echo ","
  key_entry rsa4096 rsa "$work/rsa4096.pem"; echo ","
  key_entry p256 ec "$work/P-256.pem"; echo ","
  key_entry p384 ec "$work/P-384.pem"; echo ","
  key_entry p521 ec "$work/P-521.pem"; echo
  echo "  ],"
  echo '  "digests": ['
  first=1
  for length in 0 1 3 55 56 63 64 65 119 120 128 1000; do
    [ $first = 1 ] || echo ","
    first=0
    digest="$(head -c "$length" /dev/zero | tr '\0' 'a' | openssl dgst -sha256 -r | cut -d' ' -f1)"
    printf '    {"length": %d, "sha256": "%s"}' "$length" "$digest"
  done
  echo
  echo "  ],"
  printf '  "pem": {"bundle": "%s", "der": ["%s", "%s"]}\n' "$(b64 <"$work/bundle.pem")" \
    "$(openssl x509 -in "$work/one.pem" -outform DER | b64)" "$(openssl x509 -in "$work/two.pem" -outform DER | b64)"
  echo "}"
} >"$output"
echo "tls-vectors: $output"
