// Package validate holds the field rules every service's domain applies to
// what clients send, worded as the interface words them ("name must be
// 1-100 characters"), and the check of a PATCH's update mask. Each returns
// an *apperr.Invalid naming the field, or nil.
package validate
