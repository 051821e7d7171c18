#!/bin/sh
# Makes a throw-away PKI for tests/server/access_test.cpp in DIR: a CA (ca.pem, ca.key), a server
# certificate for 127.0.0.1 / localhost (server.pem, server.key), a client certificate
# (client.pem, client.key) and a second, unrelated CA (other-ca.pem). EC P-256, valid 10 days.
# Usage: make_test_certs.sh DIR
set -eu
dir=$1
mkdir -p "$dir"
cd "$dir"
key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
ca() {
  key "$1.key"
  openssl req -x509 -new -key "$1.key" -out "$1.pem" -days 10 -subj "/CN=cuzk test $1" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
}
leaf() {  # NAME EXTENSIONS
  key "$1.key"
  openssl req -new -key "$1.key" -out "$1.csr" -subj "/CN=cuzk test $1"
  printf '%s\n' "$2" > "$1.ext"
  openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -out "$1.pem" \
    -days 10 -extfile "$1.ext" 2>/dev/null
}
ca ca
ca other-ca
leaf server 'subjectAltName=IP:127.0.0.1,DNS:localhost
extendedKeyUsage=serverAuth'
leaf client 'extendedKeyUsage=clientAuth'
