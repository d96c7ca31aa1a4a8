/// A session store location that should name Redis and does not.
package enum RedisTestError: Error { case notRedis }
