// Package grown had only a shader; now it has Go too.
package grown
