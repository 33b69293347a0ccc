// Command hello is what the gobuild tests build: small, so linking it is quick.
package main

func main() { println("hello") }
