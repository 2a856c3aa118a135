// Attack: compile a classmate's answer into this submission (@VICTIM@ is the path of
// another submission's copy of this lab file, as attack-test.sh places it).
#include "@VICTIM@"
