extends CharacterBody2D
class_name Player

## Emitted when the player's health changes.
signal health_changed(value)

const SPEED = 300.0
const JUMP_VELOCITY = -400.0

@export var max_health: int = 100
@onready var sprite: AnimatedSprite2D = $AnimatedSprite2D

var health := max_health
var gravity = ProjectSettings.get_setting("physics/2d/default_gravity")

func _ready() -> void:
	health = max_health
	print("Player ready with %d health" % health)

func _physics_process(delta: float) -> void:
	# Add the gravity.
	if not is_on_floor():
		velocity.y += gravity * delta
	if Input.is_action_just_pressed("ui_accept") and is_on_floor():
		velocity.y = JUMP_VELOCITY
	var direction = Input.get_axis("ui_left", "ui_right")
	if direction:
		velocity.x = direction * SPEED
	else:
		velocity.x = move_toward(velocity.x, 0, SPEED)
	move_and_slide()

func take_damage(amount: int) -> void:
	health = max(health - amount, 0)
	health_changed.emit(health)
	if health == 0:
		queue_free()
