Content-Type: x

{}Content-Length: 9
Content-Type: a

[1,{"a":2Content-Length: 2

{}Content-Length: 44

{"jsonrpc": "2.0", "id": 1.5, "method": "x"}Content-Length: 45

{"jsonrpc": "2.0", "id": "s", "result": null}