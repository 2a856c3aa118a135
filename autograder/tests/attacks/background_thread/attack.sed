# accel_naive is the attack's (attack.cu): it calls the course's, renamed, from a thread
s/^cudaError_t accel_naive(/static cudaError_t course_accel_naive(/
