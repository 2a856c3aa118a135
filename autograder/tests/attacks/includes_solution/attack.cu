// Attack: compile the course's own answer into this submission (@SOLUTION@ is the
// solution's copy of this lab file, as attack-test.sh places it).
#include "@SOLUTION@"
